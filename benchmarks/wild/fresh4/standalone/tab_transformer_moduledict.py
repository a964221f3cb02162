"""TabTransformer by hand: one embedding per categorical column in a ModuleDict, column embeddings, MLP head."""

import torch
import torch.nn as nn

CATEGORIES = {
    "workclass": 9,
    "education": 16,
    "marital": 7,
    "occupation": 15,
    "relationship": 6,
    "race": 5,
    "sex": 2,
    "country": 42,
}
NUM_CONTINUOUS = 6


class TabTransformer(nn.Module):
    def __init__(
        self,
        categories,
        num_continuous,
        dim=32,
        depth=4,
        heads=8,
        mlp_hidden_mults=(4, 2),
        dim_out=1,
    ):
        super().__init__()
        self.embeds = nn.ModuleDict(
            {name: nn.Embedding(n + 1, dim) for name, n in categories.items()}
        )
        self.column_embedding = nn.Parameter(torch.randn(len(categories), dim))
        layer = nn.TransformerEncoderLayer(
            dim, heads, dim * 4, dropout=0.1, batch_first=True, norm_first=True
        )
        self.transformer = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(num_continuous)
        input_size = dim * len(categories) + num_continuous
        base = input_size // 8
        hidden = [input_size, *(base * m for m in mlp_hidden_mults), dim_out]
        mlp = []
        for i, (a, b) in enumerate(zip(hidden[:-1], hidden[1:])):
            mlp.append(nn.Linear(a, b))
            if i < len(hidden) - 2:
                mlp.append(nn.ReLU())
        self.mlp = nn.Sequential(*mlp)

    def forward(self, x_categ: dict, x_cont):
        x = torch.stack([self.embeds[k](v) for k, v in x_categ.items()], 1) + self.column_embedding
        x = self.transformer(x).flatten(1)
        return self.mlp(torch.cat((x, self.norm(x_cont)), -1))


model = TabTransformer(CATEGORIES, NUM_CONTINUOUS, dim=32, depth=6, heads=8)
