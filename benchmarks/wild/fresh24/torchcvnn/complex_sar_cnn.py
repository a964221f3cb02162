"""A complex-valued CNN for PolSAR patches: complex64 convs, torchcvnn's complex BatchNorm and modReLU.

Each complex weight element is one parameter element (numel), as torch counts it.
"""

import torch
import torch.nn as nn
import torchcvnn.nn as c_nn


def block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, dtype=torch.complex64),
        c_nn.BatchNorm2d(cout),
        c_nn.modReLU(),
        nn.Conv2d(cout, cout, 3, padding=1, bias=False, dtype=torch.complex64),
        c_nn.BatchNorm2d(cout, affine=False),
        c_nn.CReLU(),
    )


class PolSARNet(nn.Module):
    def __init__(self, in_ch=3, widths=(16, 32, 64), n_classes=7):
        super().__init__()
        chans = [in_ch, *widths]
        self.features = nn.Sequential(*[block(a, b) for a, b in zip(chans, chans[1:])])
        self.head = nn.Linear(widths[-1], n_classes, dtype=torch.complex64)


model = PolSARNet(in_ch=3, widths=(16, 32, 64), n_classes=7)
