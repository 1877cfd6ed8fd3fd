/// `import ModalLab` is the whole lab: the application here (the X11 host glue, `LabApplication`, `LabMain`, the
/// plot and render commands) and the headless core it runs (`HeadlessLab`, the scenes, the trace), which a
/// package's tests can import alone as `ModalLabCore`, linking no X library and no libwebp.
@_exported import ModalLabCore
