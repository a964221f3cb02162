"""A learned (free) filterbank encoder/decoder pair with a mask network between them, the
TasNet front end."""

import torch.nn as nn
from asteroid_filterbanks import make_enc_dec


class TinyMaskNet(nn.Module):
    def __init__(self, n_filters=64, n_src=2):
        super().__init__()
        self.enc, self.dec = make_enc_dec("free", n_filters=n_filters, kernel_size=16, stride=8)
        self.masker = nn.Sequential(
            nn.Conv1d(n_filters, 128, 1), nn.PReLU(), nn.Conv1d(128, n_filters * n_src, 1), nn.Sigmoid()
        )


model = TinyMaskNet(n_filters=64, n_src=2)
