import torch_frame
from torch_frame.data.stats import StatType
from torch_frame.nn.models import FTTransformer

numerical = ["age", "income", "balance", "tenure"]
categorical = {"city": 12, "plan": 4, "device": 3}

col_stats = {c: {StatType.MEAN: 0.0, StatType.STD: 1.0} for c in numerical}
for c, n in categorical.items():
    col_stats[c] = {StatType.COUNT: ([f"{c}_{i}" for i in range(n)], [10] * n)}
col_names_dict = {
    torch_frame.stype.numerical: numerical,
    torch_frame.stype.categorical: list(categorical),
}
model = FTTransformer(
    channels=64, out_channels=2, num_layers=3, col_stats=col_stats, col_names_dict=col_names_dict
)
