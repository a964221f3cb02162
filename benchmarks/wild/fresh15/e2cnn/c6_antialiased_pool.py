"""Six rotations (C6) regular fields; widths from a list, anti-aliased pooling, invariant head."""

from e2cnn import gspaces
from e2cnn import nn as enn

gs = gspaces.Rot2dOnR2(N=6)


def field(mult):
    return enn.FieldType(gs, mult * [gs.regular_repr])


layers = []
in_type = enn.FieldType(gs, 3 * [gs.trivial_repr])
for mult in (4, 6):
    out_type = field(mult)
    layers.append(enn.R2Conv(in_type, out_type, kernel_size=3, padding=1))
    layers.append(enn.InnerBatchNorm(out_type))
    layers.append(enn.ReLU(out_type))
    layers.append(enn.PointwiseAvgPoolAntialiased(out_type, sigma=0.66, stride=2))
    in_type = out_type
layers.append(enn.GroupPooling(in_type))
model = enn.SequentialModule(*layers)
