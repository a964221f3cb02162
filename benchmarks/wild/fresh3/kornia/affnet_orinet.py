import torch.nn as nn
from kornia.feature import LAFAffNetShapeEstimator, LAFOrienter, OriNet


class AffineOrient(nn.Module):
    """Refine local affine frames: AffNet shape, then OriNet orientation."""

    def __init__(self):
        super().__init__()
        self.affnet = LAFAffNetShapeEstimator(pretrained=False)
        self.orienter = LAFOrienter(32, angle_detector=OriNet(pretrained=False))

    def forward(self, laf, img):
        return self.orienter(self.affnet(laf, img), img)


model = AffineOrient()
