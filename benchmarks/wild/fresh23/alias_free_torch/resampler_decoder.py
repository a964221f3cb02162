"""A waveform decoder that changes rate with alias-free Kaiser-windowed resamplers between convs."""

from alias_free_torch import DownSample1d, UpSample1d
from torch import nn


class ResampleStage(nn.Module):
    def __init__(self, cin, cout, up):
        super().__init__()
        self.resample = (
            UpSample1d(ratio=up, kernel_size=12)
            if up > 1
            else DownSample1d(ratio=2, kernel_size=12)
        )
        self.conv = nn.Conv1d(cin, cout, kernel_size=5, padding=2)
        self.act = nn.LeakyReLU(0.1)

    def forward(self, x):
        return self.act(self.conv(self.resample(x)))


class Decoder(nn.Module):
    def __init__(self, latent=16, chans=(32, 24, 16), ups=(2, 2, 1)):
        super().__init__()
        self.inp = nn.Conv1d(latent, chans[0], 1)
        self.stages = nn.Sequential(
            *(
                ResampleStage(chans[i], chans[min(i + 1, len(chans) - 1)], ups[i])
                for i in range(len(chans))
            )
        )
        self.out = nn.Conv1d(chans[-1], 1, 3, padding=1)

    def forward(self, z):
        return self.out(self.stages(self.inp(z)))


model = Decoder(latent=16, chans=(32, 24, 16), ups=(2, 2, 1))
