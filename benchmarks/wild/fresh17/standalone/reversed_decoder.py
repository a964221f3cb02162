import torch.nn as nn

ENC = [1, 32, 64, 128, 256]


class AE(nn.Module):
    def __init__(self, chans=ENC, latent=16):
        super().__init__()
        self.enc = nn.Sequential(
            *[nn.Conv1d(a, b, 4, 2, 1) for a, b in zip(chans[:-1], chans[1:], strict=True)]
        )
        rev = list(reversed(chans))
        self.dec = nn.Sequential(*[nn.ConvTranspose1d(a, b, 4, 2, 1) for a, b in zip(rev, rev[1:])])
        self.mu = nn.Conv1d(chans[-1], latent, 1)
        self.logvar = nn.Conv1d(chans[-1], latent, 1)
        self.from_z = nn.Conv1d(latent, chans[-1], 1)


model = AE(latent=8)
