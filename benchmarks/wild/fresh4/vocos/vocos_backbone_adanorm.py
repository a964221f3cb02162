"""The EnCodec-conditioned Vocos backbone: AdaLayerNorm over 4 bandwidths."""

import torch.nn as nn
from vocos.heads import ISTFTHead
from vocos.models import VocosBackbone


class Vocoder(nn.Module):
    def __init__(self, n_bandwidths=4, dim=128, layers=6, n_fft=640, hop=160):
        super().__init__()
        self.backbone = VocosBackbone(
            input_channels=128,
            dim=dim,
            intermediate_dim=dim * 3,
            num_layers=layers,
            adanorm_num_embeddings=n_bandwidths,
            layer_scale_init_value=1 / layers,
        )
        self.head = ISTFTHead(dim=dim, n_fft=n_fft, hop_length=hop)

    def forward(self, feats, bandwidth_id):
        return self.head(self.backbone(feats, bandwidth_id=bandwidth_id))


model = Vocoder(n_bandwidths=4, dim=128, layers=6)
