"""SwinJSCC encoder/decoder pair with SNR- and rate-adaptive modulation (the "w/_SAandRA" variant)."""

import torch.nn as nn
from semantics.vision.models.swinjscc import SwinJSCCDecoder, SwinJSCCEncoder

VARIANT = "SwinJSCC_w/_SAandRA"


class JSCC(nn.Module):
    def __init__(self, size=64, dims=(32, 64), depths=(2, 2), heads=(2, 4), C=24):
        super().__init__()
        self.encoder = SwinJSCCEncoder(
            img_size=(size, size),
            patch_size=2,
            in_chans=3,
            embed_dims=list(dims),
            depths=list(depths),
            num_heads=list(heads),
            C=C,
            window_size=4,
            bottleneck_dim=8,
            model=VARIANT,
            rate=C,
        )
        self.decoder = SwinJSCCDecoder(
            img_size=(size, size),
            embed_dims=list(dims)[::-1],
            depths=list(depths)[::-1],
            num_heads=list(heads)[::-1],
            C=C,
            window_size=4,
            bottleneck_dim=8,
            model=VARIANT,
        )


model = JSCC(size=64, dims=(32, 64), depths=(2, 2), heads=(2, 4), C=24)
