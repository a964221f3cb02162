# NWT-style discrete image tokenizer: conv encoder, Memcodes bottleneck, conv decoder
from nwt_pytorch import Memcodes
from torch import nn


class Tokenizer(nn.Module):
    def __init__(self, dim=256, codes=1024, heads=8):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(3, dim // 2, 4, 2, 1), nn.SiLU(), nn.Conv2d(dim // 2, dim, 4, 2, 1)
        )
        self.codebook = Memcodes(dim=dim, num_codes=codes, heads=heads)
        self.dec = nn.Sequential(
            nn.ConvTranspose2d(dim, dim // 2, 4, 2, 1),
            nn.SiLU(),
            nn.ConvTranspose2d(dim // 2, 3, 4, 2, 1),
        )

    def forward(self, img):
        z = self.enc(img)
        b, c, h, w = z.shape
        q, idx = self.codebook(z.flatten(2).transpose(1, 2))
        return self.dec(q.transpose(1, 2).reshape(b, c, h, w)), idx


model = Tokenizer(dim=256, codes=1024, heads=8)
