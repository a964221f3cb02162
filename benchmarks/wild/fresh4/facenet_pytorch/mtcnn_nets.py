import torch.nn as nn
from facenet_pytorch.models.mtcnn import ONet, PNet, RNet


class Cascade(nn.Module):
    """The three MTCNN stages, untrained, trained together."""

    def __init__(self):
        super().__init__()
        self.pnet = PNet(pretrained=False)
        self.rnet = RNet(pretrained=False)
        self.onet = ONet(pretrained=False)


model = Cascade()
