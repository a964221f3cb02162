import pytorch_hexagdly as hex
import torch.nn as nn


class HexNet(nn.Module):
    def __init__(self, in_ch=1, widths=(8, 16), n_classes=5):
        super().__init__()
        layers = []
        c = in_ch
        for w in widths:
            layers += [hex.Conv2d(c, w, kernel_size=2, stride=1), nn.ReLU(), hex.MaxPool2d(1, 2)]
            c = w
        self.features = nn.Sequential(*layers)
        self.head = nn.Linear(c * 4, n_classes)


model = HexNet(in_ch=2, widths=(6, 12), n_classes=4)
