"""An equivariant residual encoder converted with .export() to plain torch layers for deployment;
the exported torch.nn.Sequential is what the user keeps as `model`."""

from e2cnn import gspaces
from e2cnn import nn as enn

act = gspaces.Rot2dOnR2(N=4)
feat = enn.FieldType(act, 12 * [act.regular_repr])
net = enn.SequentialModule(
    enn.R2Conv(enn.FieldType(act, [act.trivial_repr]), feat, 7, padding=3),
    enn.InnerBatchNorm(feat),
    enn.ReLU(feat),
    enn.R2Conv(feat, feat, 3, padding=1),
    enn.InnerBatchNorm(feat),
    enn.ReLU(feat),
    enn.PointwiseMaxPool(feat, 2),
    enn.R2Conv(feat, enn.FieldType(act, 4 * [act.regular_repr]), 3, padding=1),
)
net.eval()
model = net.export()
