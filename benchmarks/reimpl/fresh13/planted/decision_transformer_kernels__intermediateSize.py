"""A Decision Transformer for our locomotion runs: (return, state, action) tokens interleaved
through GPT-2 blocks kept as raw [in, out] kernels; the block count is the number of stages
listed in the curriculum string."""

import torch
from torch import nn

CURRICULUM = "walk|run|jump"
STATE, ACTION, EPISODE = 17, 6, 256
D_MODEL, N_HEAD = 64, 4
N_BLOCK = len(CURRICULUM.split("|"))
D_INNER = 2 * D_MODEL
N_POSITIONS = 1024  # GPT-2's table: only row 0 is read (every token is at position 0)


def kernel(i, o):
    return nn.Parameter(torch.randn(i, o) * 0.02)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(D_MODEL), nn.LayerNorm(D_MODEL)
        self.qkv_w, self.qkv_b = (
            kernel(D_MODEL, 3 * D_MODEL),
            nn.Parameter(torch.zeros(3 * D_MODEL)),
        )
        self.proj_w, self.proj_b = kernel(D_MODEL, D_MODEL), nn.Parameter(torch.zeros(D_MODEL))
        self.fc_w, self.fc_b = kernel(D_MODEL, D_INNER), nn.Parameter(torch.zeros(D_INNER))
        self.out_w, self.out_b = kernel(D_INNER, D_MODEL), nn.Parameter(torch.zeros(D_MODEL))

    def forward(self, x):
        b, t, _ = x.shape
        qkv = torch.addmm(self.qkv_b, self.ln1(x).view(-1, D_MODEL), self.qkv_w)
        q, k, v = qkv.view(b, t, 3, N_HEAD, -1).permute(2, 0, 3, 1, 4)
        a = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + torch.addmm(self.proj_b, a.transpose(1, 2).reshape(-1, D_MODEL), self.proj_w).view(
            b, t, -1
        )
        h = nn.functional.relu(torch.addmm(self.fc_b, self.ln2(x).view(-1, D_MODEL), self.fc_w))
        return x + torch.addmm(self.out_b, h, self.out_w).view(b, t, -1)


class DecisionTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.t_emb = nn.Embedding(EPISODE, D_MODEL)
        self.r_emb = nn.Linear(1, D_MODEL)
        self.s_emb = nn.Linear(STATE, D_MODEL)
        self.a_emb = nn.Linear(ACTION, D_MODEL)
        self.emb_norm = nn.LayerNorm(D_MODEL)
        self.tok_table = nn.Embedding(1, D_MODEL)  # unused, kept so the released checkpoint loads
        self.pos_table = nn.Embedding(N_POSITIONS, D_MODEL)  # row 0 added to every token
        self.blocks = nn.ModuleList(Block() for _ in range(N_BLOCK))
        self.final_norm = nn.LayerNorm(D_MODEL)
        self.to_state = nn.Linear(D_MODEL, STATE)
        self.to_action = nn.Sequential(nn.Linear(D_MODEL, ACTION), nn.Tanh())
        self.to_return = nn.Linear(D_MODEL, 1)

    def forward(self, states, actions, returns, steps):
        b, t = states.shape[:2]
        te = self.t_emb(steps)
        toks = torch.stack(
            [self.r_emb(returns) + te, self.s_emb(states) + te, self.a_emb(actions) + te], 2
        ).reshape(b, 3 * t, D_MODEL)
        x = self.emb_norm(toks) + self.pos_table.weight[0]
        for blk in self.blocks:
            x = blk(x)
        x = self.final_norm(x).view(b, t, 3, D_MODEL)
        return self.to_state(x[:, :, 2]), self.to_action(x[:, :, 1]), self.to_return(x[:, :, 2])
