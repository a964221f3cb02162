import torch.nn as nn

spec = [("enc", 32), ("enc", 64), ("dec", 64), ("enc", 128), ("dec", 32)]
groups = {}
for name, width in spec:
    groups.setdefault(name, []).append(width)


def chain(cin, widths):
    layers = []
    for w in widths:
        layers += [nn.Conv1d(cin, w, 3, padding=1), nn.GELU()]
        cin = w
    return nn.Sequential(*layers), cin


enc, c = chain(6, groups["enc"])
dec, c = chain(c, groups["dec"])
model = nn.Sequential(enc, dec, nn.Conv1d(c, 6, 1))
