import torch
import torch.nn as nn


class MAB(nn.Module):
    def __init__(self, dim_q, dim_k, dim_v, num_heads, ln=False):
        super().__init__()
        self.fc_q = nn.Linear(dim_q, dim_v)
        self.fc_k = nn.Linear(dim_k, dim_v)
        self.fc_v = nn.Linear(dim_k, dim_v)
        self.ln0 = nn.LayerNorm(dim_v) if ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim_v) if ln else nn.Identity()
        self.fc_o = nn.Linear(dim_v, dim_v)
        self.num_heads = num_heads


class ISAB(nn.Module):
    def __init__(self, dim_in, dim_out, num_heads, num_inds, ln=False):
        super().__init__()
        self.I = nn.Parameter(torch.empty(1, num_inds, dim_out))
        nn.init.xavier_uniform_(self.I)
        self.mab0 = MAB(dim_out, dim_in, dim_out, num_heads, ln=ln)
        self.mab1 = MAB(dim_in, dim_out, dim_out, num_heads, ln=ln)


class PMA(nn.Module):
    def __init__(self, dim, num_heads, num_seeds, ln=False):
        super().__init__()
        self.S = nn.Parameter(torch.empty(1, num_seeds, dim))
        nn.init.xavier_uniform_(self.S)
        self.mab = MAB(dim, dim, dim, num_heads, ln=ln)


class SetTransformer(nn.Module):
    def __init__(
        self, dim_input, num_outputs, dim_output, num_inds=16, dim_hidden=64, num_heads=4, ln=True
    ):
        super().__init__()
        self.enc = nn.Sequential(
            ISAB(dim_input, dim_hidden, num_heads, num_inds, ln=ln),
            ISAB(dim_hidden, dim_hidden, num_heads, num_inds, ln=ln),
        )
        self.dec = nn.Sequential(
            PMA(dim_hidden, num_heads, num_outputs, ln=ln),
            nn.Linear(dim_hidden, dim_output),
        )


model = SetTransformer(
    dim_input=2, num_outputs=4, dim_output=3, num_inds=8, dim_hidden=32, num_heads=4, ln=False
)
