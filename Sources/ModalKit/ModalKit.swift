// One import for users of the library: the headless layers, without the X11 host.
@_exported import ModalKitBase
@_exported import ModalKitMotion
@_exported import ModalKitPixels
@_exported import ModalKitUI
