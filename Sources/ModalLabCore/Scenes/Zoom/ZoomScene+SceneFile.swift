extension ZoomScene {
    /// A zoom's file places the source `cells` its detail screen grows out of.
    static var fileStyle: SceneFileStyle { SceneFileStyle(needsCells: true) }
}
