"""A P6 CSPDarknet used alone as a multi-scale feature extractor for a segmentation neck."""

from cjm_yolox_pytorch.model import ConvModule, CSPDarknet
from torch import nn


class P6Features(nn.Module):
    def __init__(self, widen=0.25, deepen=0.33, out_ch=32):
        super().__init__()
        self.backbone = CSPDarknet(
            arch="P6",
            deepen_factor=deepen,
            widen_factor=widen,
            out_indices=(3, 4, 5),
            spp_kernal_sizes=(3, 5, 7),
        )
        chans = [int(c * widen) for c in (512, 768, 1024)]
        self.laterals = nn.ModuleList(ConvModule(c, out_ch, 1) for c in chans)

    def forward(self, x):
        return [lat(f) for lat, f in zip(self.laterals, self.backbone(x))]


model = P6Features(widen=0.25, deepen=0.33, out_ch=32)
