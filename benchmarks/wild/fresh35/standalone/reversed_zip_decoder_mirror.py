import torch.nn as nn

enc_widths = [1, 16, 32, 64]


class AutoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.ModuleList(
            nn.Conv2d(a, b, 3, 2, 1) for a, b in zip(enc_widths, enc_widths[1:])
        )
        dec = list(reversed(enc_widths))
        self.decoder = nn.ModuleList(
            nn.ConvTranspose2d(a, b, 4, 2, 1) for a, b in zip(dec, dec[1:])
        )


model = AutoEncoder()
