import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, d_in=10, d=6):
        super().__init__()
        self.l1 = nn.Linear(d_in, d)


class LitAuto(nn.Module):
    def __init__(self, encoder, decoder=None, **kwargs):
        super().__init__()
        self.encoder = encoder
        self.decoder = (
            decoder
            if decoder is not None
            else nn.Linear(self.encoder.l1.out_features, self.encoder.l1.in_features)
        )
        self.hparams_ = dict(kwargs)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lit = LitAuto(Encoder(d=5), lr=0.1)
