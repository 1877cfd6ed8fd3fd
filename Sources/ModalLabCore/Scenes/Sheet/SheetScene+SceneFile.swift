extension SheetScene {
    /// A sheet's file gives its modal as one `presented` screen, or as a `header` over a scrolling `content`.
    static var fileStyle: SceneFileStyle { SceneFileStyle(takesHeaderAndContent: true) }
}
