import torch.nn as nn
from snac.layers import Decoder, Encoder
from snac.vq import ResidualVectorQuantize


class TinyCodec(nn.Module):
    """Encoder / RVQ / decoder from SNAC's building blocks, no depthwise convs."""

    def __init__(self, dim=16, rates=(2, 4, 5), latent=128, codebook_size=256):
        super().__init__()
        self.encoder = Encoder(dim, list(rates), depthwise=False, attn_window_size=None)
        self.quantizer = ResidualVectorQuantize(
            input_dim=latent, codebook_size=codebook_size, codebook_dim=8, vq_strides=[2, 1]
        )
        self.decoder = Decoder(latent, 128, list(reversed(rates)), noise=False, depthwise=False)

    def forward(self, x):
        z = self.encoder(x)
        z_q, codes = self.quantizer(z)
        return self.decoder(z_q), codes


model = TinyCodec(dim=16, rates=(2, 4, 4), latent=16 * 2**3)
