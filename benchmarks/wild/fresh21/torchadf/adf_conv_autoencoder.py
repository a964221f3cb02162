"""An ADF conv autoencoder: Conv2d down, ConvTranspose2d up, built from a (channels, stride) table."""

import torch.nn as nn
import torchadf.nn as adf

TABLE = [(1, 8, 2), (8, 16, 2), (16, 16, 1)]


class ADFAutoencoder(nn.Module):
    def __init__(self):
        super().__init__()
        enc = []
        for c_in, c_out, s in TABLE:
            enc += [adf.Conv2d(c_in, c_out, 3, stride=s, padding=1), adf.ReLU()]
        dec = []
        for c_in, c_out, s in reversed(TABLE):
            dec += [
                adf.ConvTranspose2d(c_out, c_in, 3, stride=s, padding=1, output_padding=s - 1),
                adf.ReLU(),
            ]
        self.encoder = adf.Sequential(*enc)
        self.decoder = adf.Sequential(*dec[:-1])


model = ADFAutoencoder()
