import torch_frame
from torch_frame.data.stats import StatType
from torch_frame.nn.models import ResNet

cols = [f"f{i}" for i in range(20)]
stats = {c: {StatType.MEAN: 0.5, StatType.STD: 2.0} for c in cols}
model = ResNet(
    channels=128,
    out_channels=1,
    num_layers=4,
    col_stats=stats,
    col_names_dict={torch_frame.stype.numerical: cols},
    normalization="batch_norm",
    dropout_prob=0.1,
)
