import ModalLab
