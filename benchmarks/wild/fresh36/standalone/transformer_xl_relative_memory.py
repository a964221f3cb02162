# Transformer-XL: relative positional attention with the global u / v biases shared by all layers
import torch
import torch.nn as nn


class RelMultiHeadAttn(nn.Module):
    def __init__(self, n_head, d_model, d_head):
        super().__init__()
        self.qkv_net = nn.Linear(d_model, 3 * n_head * d_head, bias=False)
        self.r_net = nn.Linear(d_model, n_head * d_head, bias=False)
        self.o_net = nn.Linear(n_head * d_head, d_model, bias=False)
        self.layer_norm = nn.LayerNorm(d_model)


class PositionwiseFF(nn.Module):
    def __init__(self, d_model, d_inner):
        super().__init__()
        self.core = nn.Sequential(
            nn.Linear(d_model, d_inner), nn.ReLU(True), nn.Linear(d_inner, d_model)
        )
        self.layer_norm = nn.LayerNorm(d_model)


class RelDecoderLayer(nn.Module):
    def __init__(self, n_head, d_model, d_head, d_inner):
        super().__init__()
        self.attn = RelMultiHeadAttn(n_head, d_model, d_head)
        self.ff = PositionwiseFF(d_model, d_inner)


class MemTransformerLM(nn.Module):
    def __init__(
        self, n_token=10000, n_layer=4, n_head=8, d_model=256, d_head=32, d_inner=1024, mem_len=128
    ):
        super().__init__()
        self.word_emb = nn.Embedding(n_token, d_model)
        self.r_w_bias = nn.Parameter(torch.zeros(n_head, d_head))
        self.r_r_bias = nn.Parameter(torch.zeros(n_head, d_head))
        self.layers = nn.ModuleList(
            RelDecoderLayer(n_head, d_model, d_head, d_inner) for _ in range(n_layer)
        )
        self.out = nn.Linear(d_model, n_token)
        self.out.weight = self.word_emb.weight
        self.mem_len = mem_len


model = MemTransformerLM()
