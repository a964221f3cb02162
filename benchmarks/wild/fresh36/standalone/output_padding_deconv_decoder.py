# a decoder whose transposed convs need output_padding to hit odd sizes (7 -> 14 -> 28 -> 55)
import torch.nn as nn

specs = [
    # (in, out, kernel, stride, padding, output_padding)
    (256, 128, 3, 2, 1, 1),
    (128, 64, 3, 2, 1, 1),
    (64, 32, 5, 2, 2, 0),
]


class Decoder(nn.Module):
    def __init__(self, z=20):
        super().__init__()
        self.fc = nn.Linear(z, 256 * 7 * 7)
        self.ups = nn.ModuleList(
            nn.ConvTranspose2d(i, o, k, stride=s, padding=p, output_padding=op)
            for i, o, k, s, p, op in specs
        )
        self.norms = nn.ModuleList(nn.GroupNorm(8, o) for _, o, *_ in specs)
        self.out = nn.Conv2d(32, 3, 3, padding=1)


model = Decoder(z=20)
