"""Quantized conv autoencoder: QuantConv2d encoder, QuantConvTranspose2d decoder mirrored from it."""

import brevitas.nn as qnn
import torch.nn as nn


class QAE(nn.Module):
    def __init__(self, widths=(1, 8, 16, 32), bits=5):
        super().__init__()
        enc, dec = [], []
        for a, b in zip(widths, widths[1:]):
            enc += [
                qnn.QuantConv2d(a, b, 3, stride=2, padding=1, weight_bit_width=bits),
                qnn.QuantReLU(bit_width=bits),
            ]
        for a, b in reversed(list(zip(widths, widths[1:]))):
            dec += [
                qnn.QuantConvTranspose2d(b, a, 4, stride=2, padding=1, weight_bit_width=bits),
                qnn.QuantReLU(bit_width=bits) if a != widths[0] else qnn.QuantSigmoid(bit_width=8),
            ]
        self.encoder = nn.Sequential(*enc)
        self.decoder = nn.Sequential(*dec)

    def forward(self, x):
        return self.decoder(self.encoder(x))


model = QAE(widths=(3, 12, 24), bits=4)
