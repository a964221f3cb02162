import numpy as np
import torch.nn as nn

WIDTHS = (16, 32, 48)
KERNELS = (1, 3, 5, 7)


class Net(nn.Module):
    def __init__(self, flat_ids, in_ch=3):
        super().__init__()
        layers, c = [], in_ch
        for fid in flat_ids:
            wi, ki = np.unravel_index(fid, (len(WIDTHS), len(KERNELS)))
            w, k = WIDTHS[wi], KERNELS[ki]
            layers.append(nn.Conv2d(c, w, k, padding=k // 2))
            c = w
        self.body = nn.Sequential(*layers)
        # and back again: the index of (widest, largest kernel)
        last = np.ravel_multi_index(
            (len(WIDTHS) - 1, len(KERNELS) - 1), (len(WIDTHS), len(KERNELS))
        )
        self.head = nn.Linear(c, int(last))


model = Net(flat_ids=[5, 2, 11, 4])
