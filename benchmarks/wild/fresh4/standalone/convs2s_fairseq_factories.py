"""Convolutional seq2seq (fairseq fconv style): Linear/Embedding/ConvTBC factory functions with
weight normalization, convolutions from a spec string, attention per decoder layer."""

import math

import torch.nn as nn


def Embedding(num_embeddings, embedding_dim, padding_idx):
    m = nn.Embedding(num_embeddings, embedding_dim, padding_idx=padding_idx)
    nn.init.normal_(m.weight, 0, 0.1)
    return m


def Linear(in_features, out_features, dropout=0.0):
    m = nn.Linear(in_features, out_features)
    nn.init.normal_(m.weight, mean=0, std=math.sqrt((1 - dropout) / in_features))
    nn.init.constant_(m.bias, 0)
    return nn.utils.parametrizations.weight_norm(m)


def ConvTBC(in_channels, out_channels, kernel_size, dropout=0.0):
    m = nn.Conv1d(in_channels, out_channels, kernel_size, padding=kernel_size // 2)
    nn.init.normal_(
        m.weight, mean=0, std=math.sqrt((4 * (1.0 - dropout)) / (kernel_size * in_channels))
    )
    nn.init.constant_(m.bias, 0)
    return nn.utils.parametrizations.weight_norm(m, dim=2)


def extend_conv_spec(convolutions):
    return [c if len(c) == 3 else (*c, 1) for c in convolutions]


class FConvEncoder(nn.Module):
    def __init__(
        self, vocab, embed_dim=256, max_positions=1024, convolutions=((256, 3),) * 6, dropout=0.1
    ):
        super().__init__()
        self.embed_tokens = Embedding(vocab, embed_dim, 1)
        self.embed_positions = Embedding(max_positions, embed_dim, 1)
        convolutions = extend_conv_spec(convolutions)
        in_channels = convolutions[0][0]
        self.fc1 = Linear(embed_dim, in_channels, dropout=dropout)
        self.projections = nn.ModuleList()
        self.convolutions = nn.ModuleList()
        for out_channels, kernel_size, _ in convolutions:
            self.projections.append(
                Linear(in_channels, out_channels) if in_channels != out_channels else None
            )
            self.convolutions.append(
                ConvTBC(in_channels, out_channels * 2, kernel_size, dropout=dropout)
            )
            in_channels = out_channels
        self.fc2 = Linear(in_channels, embed_dim)


class AttentionLayer(nn.Module):
    def __init__(self, conv_channels, embed_dim):
        super().__init__()
        self.in_projection = Linear(conv_channels, embed_dim)
        self.out_projection = Linear(embed_dim, conv_channels)


class FConvDecoder(nn.Module):
    def __init__(
        self,
        vocab,
        embed_dim=256,
        out_embed_dim=256,
        max_positions=1024,
        convolutions=((256, 3),) * 4 + ((512, 3),) * 2,
        dropout=0.1,
        share_embed=False,
    ):
        super().__init__()
        self.embed_tokens = Embedding(vocab, embed_dim, 1)
        self.embed_positions = Embedding(max_positions, embed_dim, 1)
        convolutions = extend_conv_spec(convolutions)
        in_channels = convolutions[0][0]
        self.fc1 = Linear(embed_dim, in_channels, dropout=dropout)
        self.projections, self.convolutions, self.attention = (
            nn.ModuleList(),
            nn.ModuleList(),
            nn.ModuleList(),
        )
        for out_channels, kernel_size, _ in convolutions:
            self.projections.append(
                Linear(in_channels, out_channels) if in_channels != out_channels else None
            )
            self.convolutions.append(
                ConvTBC(in_channels, out_channels * 2, kernel_size, dropout=dropout)
            )
            self.attention.append(AttentionLayer(out_channels, embed_dim))
            in_channels = out_channels
        self.fc2 = Linear(in_channels, out_embed_dim)
        self.fc3 = nn.Linear(out_embed_dim, vocab)
        if share_embed:
            self.fc3.weight = self.embed_tokens.weight


class FConvModel(nn.Module):
    def __init__(self, src_vocab, tgt_vocab):
        super().__init__()
        self.encoder = FConvEncoder(src_vocab)
        self.decoder = FConvDecoder(tgt_vocab, share_embed=True)


model = FConvModel(src_vocab=8000, tgt_vocab=6000)
