import torch
import torch.nn as nn


class FeatureTokenizer(nn.Module):
    def __init__(self, n_num, cat_cardinalities, d_token):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_num + 1, d_token))  # +1: the [CLS] token
        self.bias = nn.Parameter(torch.empty(n_num, d_token))
        self.cat_embeddings = nn.Embedding(sum(cat_cardinalities), d_token)
        self.register_buffer(
            "category_offsets", torch.tensor([0] + cat_cardinalities[:-1]).cumsum(0)
        )
        self.cat_bias = nn.Parameter(torch.empty(len(cat_cardinalities), d_token))


class FTTransformer(nn.Module):
    def __init__(
        self, n_num=8, cats=(3, 5, 12), d_token=96, n_blocks=3, heads=8, ffn_factor=4 / 3, d_out=1
    ):
        super().__init__()
        self.tokenizer = FeatureTokenizer(n_num, list(cats), d_token)
        d_ffn = int(d_token * ffn_factor)
        self.blocks = nn.ModuleList()
        for i in range(n_blocks):
            blk = nn.ModuleDict(
                {
                    "attention": nn.MultiheadAttention(d_token, heads, batch_first=True),
                    # ReGLU: the first linear doubles for the gate
                    "linear0": nn.Linear(d_token, 2 * d_ffn),
                    "linear1": nn.Linear(d_ffn, d_token),
                    "norm1": nn.LayerNorm(d_token),
                }
            )
            if i:  # the first block takes the raw tokens: no pre-attention norm
                blk["norm0"] = nn.LayerNorm(d_token)
            self.blocks.append(blk)
        self.head = nn.Sequential(nn.LayerNorm(d_token), nn.ReLU(), nn.Linear(d_token, d_out))


model = FTTransformer(n_num=8, cats=(3, 5, 12), d_token=96, n_blocks=3)
