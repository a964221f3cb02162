import torch
import torch.nn as nn


def conv_block(cin, cout, down=True):
    conv = nn.Conv2d(cin, cout, 4, 2, 1) if down else nn.ConvTranspose2d(cin, cout, 4, 2, 1)
    return nn.Sequential(conv, nn.BatchNorm2d(cout), nn.LeakyReLU(0.2))


def make_encoder(in_ch, widths):
    chans = [in_ch, *widths]
    return nn.Sequential(*[conv_block(a, b) for a, b in zip(chans, chans[1:])])


def make_decoder(out_ch, widths):
    chans = list(reversed(widths))
    blocks = [conv_block(a, b, down=False) for a, b in zip(chans, chans[1:])]
    blocks.append(nn.ConvTranspose2d(chans[-1], out_ch, 4, 2, 1))
    return nn.Sequential(*blocks, nn.Sigmoid())


class ConvVAE(nn.Module):
    def __init__(self, in_ch=1, img=64, widths=(32, 64, 128, 256), z_dim=32):
        super().__init__()
        self.encoder = make_encoder(in_ch, widths)
        side = img // 2 ** len(widths)
        flat = widths[-1] * side * side
        self.fc_mu = nn.Linear(flat, z_dim)
        self.fc_logvar = nn.Linear(flat, z_dim)
        self.fc_dec = nn.Linear(z_dim, flat)
        self.unflatten = nn.Unflatten(1, (widths[-1], side, side))
        self.decoder = make_decoder(in_ch, widths)

    def forward(self, x):
        h = self.encoder(x).flatten(1)
        mu, logvar = self.fc_mu(h), self.fc_logvar(h)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.decoder(self.unflatten(self.fc_dec(z))), mu, logvar


model = ConvVAE(in_ch=3, img=64, widths=(32, 64, 128), z_dim=64)
