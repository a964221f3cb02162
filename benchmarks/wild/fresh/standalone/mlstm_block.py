"""xLSTM's mLSTM block: up-projection, causal conv, block-diagonal q/k/v, gates, learnable skip (fresh batch, benchmarks/wild/fresh)."""

import torch
import torch.nn as nn


class LinearHeadwiseExpand(nn.Module):
    """A block-diagonal linear: each of num_heads blocks maps in/num_heads -> out/num_heads."""

    def __init__(self, in_features, num_heads, expand_factor_up=1, bias=False):
        super().__init__()
        assert in_features % num_heads == 0
        out_features = round(expand_factor_up * in_features)
        out_per_head = out_features // num_heads
        self.weight = nn.Parameter(torch.empty(num_heads, out_per_head, in_features // num_heads))
        self.bias = nn.Parameter(torch.empty(out_features)) if bias else None


class CausalConv1d(nn.Module):
    def __init__(self, feature_dim, kernel_size=4, bias=True):
        super().__init__()
        self.conv = nn.Conv1d(feature_dim, feature_dim, kernel_size, padding=kernel_size - 1, groups=feature_dim, bias=bias)


class MultiHeadLayerNorm(nn.Module):
    def __init__(self, ndim, weight=True, bias=False):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(ndim)) if weight else None
        self.bias = nn.Parameter(torch.zeros(ndim)) if bias else None


class mLSTMCell(nn.Module):
    def __init__(self, embedding_dim, num_heads):
        super().__init__()
        self.igate = nn.Linear(3 * embedding_dim, num_heads)
        self.fgate = nn.Linear(3 * embedding_dim, num_heads)
        self.outnorm = MultiHeadLayerNorm(embedding_dim, weight=True, bias=False)
        self.register_buffer("causal_mask", torch.tril(torch.ones(256, 256, dtype=torch.bool)), persistent=False)


class mLSTMLayer(nn.Module):
    def __init__(self, embedding_dim, num_heads=4, proj_factor=2.0, qkv_proj_blocksize=4, conv1d_kernel_size=4):
        super().__init__()
        inner = int(proj_factor * embedding_dim)
        num_proj_heads = inner // qkv_proj_blocksize
        self.proj_up = nn.Linear(embedding_dim, 2 * inner, bias=False)
        self.q_proj = LinearHeadwiseExpand(inner, num_proj_heads)
        self.k_proj = LinearHeadwiseExpand(inner, num_proj_heads)
        self.v_proj = LinearHeadwiseExpand(inner, num_proj_heads)
        self.conv1d = CausalConv1d(inner, kernel_size=conv1d_kernel_size)
        self.conv_act_fn = nn.SiLU()
        self.mlstm_cell = mLSTMCell(inner, num_heads)
        self.ogate_act_fn = nn.SiLU()
        self.learnable_skip = nn.Parameter(torch.ones(inner))
        self.proj_down = nn.Linear(inner, embedding_dim, bias=False)


class mLSTMBlock(nn.Module):
    def __init__(self, embedding_dim, **layer_kwargs):
        super().__init__()
        self.xlstm_norm = nn.LayerNorm(embedding_dim, bias=False)
        self.xlstm = mLSTMLayer(embedding_dim, **layer_kwargs)


class xLSTMLM(nn.Module):
    def __init__(self, vocab_size, embedding_dim, num_blocks, tie_weights=True, **layer_kwargs):
        super().__init__()
        self.token_embedding = nn.Embedding(vocab_size, embedding_dim)
        self.blocks = nn.ModuleList([mLSTMBlock(embedding_dim, **layer_kwargs) for _ in range(num_blocks)])
        self.post_blocks_norm = nn.LayerNorm(embedding_dim, bias=False)
        self.lm_head = nn.Linear(embedding_dim, vocab_size, bias=False)
        if tie_weights:
            self.lm_head.weight = self.token_embedding.weight


model = xLSTMLM(vocab_size=500, embedding_dim=128, num_blocks=3, num_heads=4, proj_factor=2.0, qkv_proj_blocksize=4)
