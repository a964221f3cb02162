"""Graph attention network in pure torch (pyGAT-style layers with per-head attention vectors) (fresh batch, benchmarks/wild/fresh)."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class GraphAttentionLayer(nn.Module):
    def __init__(self, in_features, out_features, n_heads, concat=True, dropout=0.6, alpha=0.2):
        super().__init__()
        self.n_heads = n_heads
        self.concat = concat
        self.out_features = out_features
        self.W = nn.Parameter(torch.empty(size=(in_features, n_heads * out_features)))
        nn.init.xavier_uniform_(self.W.data, gain=1.414)
        self.a_src = nn.Parameter(torch.empty(size=(n_heads, out_features, 1)))
        self.a_dst = nn.Parameter(torch.empty(size=(n_heads, out_features, 1)))
        nn.init.xavier_uniform_(self.a_src.data, gain=1.414)
        nn.init.xavier_uniform_(self.a_dst.data, gain=1.414)
        self.leakyrelu = nn.LeakyReLU(alpha)
        self.dropout = dropout

    def forward(self, h, adj):
        n = h.shape[0]
        wh = (h @ self.W).view(n, self.n_heads, self.out_features).transpose(0, 1)
        e = self.leakyrelu(wh @ self.a_src + (wh @ self.a_dst).transpose(1, 2))
        att = F.softmax(e.masked_fill(adj == 0, -9e15), dim=-1)
        out = F.dropout(att, self.dropout, self.training) @ wh
        return out.transpose(0, 1).reshape(n, -1) if self.concat else out.mean(0)


class GAT(nn.Module):
    def __init__(self, nfeat, nhid, nclass, dropout, alpha, nheads):
        super().__init__()
        self.dropout = dropout
        self.attention = GraphAttentionLayer(nfeat, nhid, nheads, concat=True, dropout=dropout, alpha=alpha)
        self.out_att = GraphAttentionLayer(nhid * nheads, nclass, 1, concat=False, dropout=dropout, alpha=alpha)

    def forward(self, x, adj):
        x = F.elu(self.attention(F.dropout(x, self.dropout, self.training), adj))
        return F.log_softmax(self.out_att(F.dropout(x, self.dropout, self.training), adj), dim=1)


# Cora-sized inputs, as in the training script's defaults
model = GAT(nfeat=1433, nhid=8, nclass=7, dropout=0.6, alpha=0.2, nheads=8)
