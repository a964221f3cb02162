import torch_frame
from torch_frame.data.stats import StatType
from torch_frame.nn.models import TabTransformer

cardinalities = {
    "workclass": 9,
    "education": 16,
    "marital": 7,
    "occupation": 15,
    "race": 5,
    "sex": 2,
}
numeric = ["age", "fnlwgt", "capital_gain", "hours"]
col_stats = {c: {StatType.COUNT: (list(range(k)), [1] * k)} for c, k in cardinalities.items()}
col_stats.update({c: {StatType.MEAN: 0.0, StatType.STD: 1.0} for c in numeric})
model = TabTransformer(
    channels=32,
    out_channels=2,
    num_layers=6,
    num_heads=8,
    encoder_pad_size=2,
    attn_dropout=0.1,
    ffn_dropout=0.1,
    col_stats=col_stats,
    col_names_dict={
        torch_frame.stype.categorical: list(cardinalities),
        torch_frame.stype.numerical: numeric,
    },
)
