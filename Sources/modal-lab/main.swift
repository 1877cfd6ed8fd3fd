// modal-lab: feel, tune and test UIKit's drag-to-dismiss on an X11 desktop. Start reading at LabMain.run.
import Glibc
import ModalLab

exit(LabMain.run(Array(CommandLine.arguments.dropFirst())))
