"""A C8-equivariant steerable CNN (e2cnn's tutorial style): regular fields, inner batch norm,
group pooling, then an ordinary linear classifier."""

import torch.nn as tnn
from e2cnn import gspaces
from e2cnn import nn as enn


class C8SteerableCNN(tnn.Module):
    def __init__(self, n_classes=10, widths=(8, 16, 24)):
        super().__init__()
        self.r2_act = gspaces.Rot2dOnR2(N=8)
        in_type = enn.FieldType(self.r2_act, [self.r2_act.trivial_repr])
        self.input_type = in_type
        blocks = []
        for w in widths:
            out_type = enn.FieldType(self.r2_act, w * [self.r2_act.regular_repr])
            blocks += [
                enn.R2Conv(in_type, out_type, kernel_size=5, padding=2, bias=False),
                enn.InnerBatchNorm(out_type),
                enn.ReLU(out_type, inplace=True),
            ]
            in_type = out_type
        self.body = enn.SequentialModule(*blocks)
        self.gpool = enn.GroupPooling(in_type)
        self.fc = tnn.Sequential(
            tnn.Linear(self.gpool.out_type.size, 64), tnn.ELU(), tnn.Linear(64, n_classes)
        )


model = C8SteerableCNN()
