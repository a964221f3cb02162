# a dict of lambdas dispatches block kinds; kinds come from a compact string "c c p r r"
import torch.nn as nn

make = {
    "c": lambda ch: (nn.Conv2d(ch, ch * 2, 3, padding=1), ch * 2),
    "p": lambda ch: (nn.MaxPool2d(2), ch),
    "r": lambda ch: (
        nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU()),
        ch,
    ),
}
layers, ch = [nn.Conv2d(3, 16, 3, padding=1)], 16
for kind in "c c p r r".split():
    layer, ch = make[kind](ch)
    layers.append(layer)
model = nn.Sequential(*layers)
