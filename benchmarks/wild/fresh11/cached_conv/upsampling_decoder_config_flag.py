"""A waveform decoder with cc.ConvTranspose1d upsampling and a noise branch; `streaming` in the config
picks cached or plain convolutions at build time (here plain: cc's module flag stays False)."""

import cached_conv as cc
import torch.nn as nn

CONFIG = {
    "latent_size": 16,
    "capacity": 8,
    "ratios": [2, 4, 4],
    "data_size": 1,
    "streaming": False,
    "noise_bands": 5,
}


class UpsampleLayer(nn.Module):
    def __init__(self, in_dim, out_dim, ratio, cumulative_delay=0):
        super().__init__()
        net = [nn.LeakyReLU(0.2)]
        if ratio > 1:
            net.append(
                cc.ConvTranspose1d(in_dim, out_dim, 2 * ratio, stride=ratio, padding=ratio // 2)
            )
        else:
            net.append(cc.Conv1d(in_dim, out_dim, 3, padding=cc.get_padding(3)))
        self.net = cc.CachedSequential(*net)
        self.cumulative_delay = self.net.cumulative_delay + cumulative_delay * ratio

    def forward(self, x):
        return self.net(x)


class Generator(nn.Module):
    def __init__(self, latent_size, capacity, data_size, ratios, noise_bands, streaming=False):
        super().__init__()
        cc.use_cached_conv(streaming)
        out_dim = 2 ** len(ratios) * capacity
        net = [cc.Conv1d(latent_size, out_dim, 7, padding=cc.get_padding(7))]
        for r in ratios:
            in_dim, out_dim = out_dim, out_dim // 2
            net.append(UpsampleLayer(in_dim, out_dim, r, cumulative_delay=net[-1].cumulative_delay))
        self.net = cc.CachedSequential(*net)
        self.wave = cc.Conv1d(out_dim, data_size, 7, padding=cc.get_padding(7))
        self.loudness = cc.Conv1d(out_dim, 1, 3, padding=cc.get_padding(3))
        self.noise = nn.Sequential(
            nn.Conv1d(out_dim, out_dim, 3, padding=1),
            nn.LeakyReLU(0.2),
            nn.Conv1d(out_dim, data_size * noise_bands, 3, padding=1),
        )

    def forward(self, z):
        h = self.net(z)
        return self.wave(h), self.loudness(h), self.noise(h)


cfg = dict(CONFIG)
streaming = cfg.pop("streaming")
model = Generator(**cfg, streaming=streaming)
