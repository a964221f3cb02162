"""Tacotron 2 (encoder, location-sensitive attention, decoder, postnet) from an hparams namespace."""

from types import SimpleNamespace

import torch
import torch.nn as nn

hparams = SimpleNamespace(
    n_symbols=148,
    symbols_embedding_dim=256,
    encoder_kernel_size=5,
    encoder_n_convolutions=3,
    encoder_embedding_dim=256,
    n_mel_channels=80,
    attention_rnn_dim=512,
    decoder_rnn_dim=512,
    prenet_dim=128,
    attention_dim=64,
    attention_location_n_filters=16,
    attention_location_kernel_size=31,
    postnet_embedding_dim=256,
    postnet_kernel_size=5,
    postnet_n_convolutions=5,
)


def conv_bn(cin, cout, k):
    return nn.Sequential(nn.Conv1d(cin, cout, k, padding=(k - 1) // 2), nn.BatchNorm1d(cout))


class Encoder(nn.Module):
    def __init__(self, hp):
        super().__init__()
        d = hp.encoder_embedding_dim
        self.convolutions = nn.ModuleList(
            conv_bn(d, d, hp.encoder_kernel_size) for _ in range(hp.encoder_n_convolutions)
        )
        self.lstm = nn.LSTM(d, d // 2, 1, batch_first=True, bidirectional=True)


class Prenet(nn.Module):
    def __init__(self, in_dim, sizes):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Linear(a, b, bias=False) for a, b in zip([in_dim] + sizes[:-1], sizes)
        )


class LocationLayer(nn.Module):
    def __init__(self, n_filters, kernel_size, attention_dim):
        super().__init__()
        self.location_conv = nn.Conv1d(
            2, n_filters, kernel_size, padding=(kernel_size - 1) // 2, bias=False
        )
        self.location_dense = nn.Linear(n_filters, attention_dim, bias=False)


class Attention(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.query_layer = nn.Linear(hp.attention_rnn_dim, hp.attention_dim, bias=False)
        self.memory_layer = nn.Linear(hp.encoder_embedding_dim, hp.attention_dim, bias=False)
        self.v = nn.Linear(hp.attention_dim, 1, bias=False)
        self.location_layer = LocationLayer(
            hp.attention_location_n_filters, hp.attention_location_kernel_size, hp.attention_dim
        )


class Decoder(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.prenet = Prenet(hp.n_mel_channels, [hp.prenet_dim, hp.prenet_dim])
        self.attention_rnn = nn.LSTMCell(
            hp.prenet_dim + hp.encoder_embedding_dim, hp.attention_rnn_dim
        )
        self.attention_layer = Attention(hp)
        self.decoder_rnn = nn.LSTMCell(
            hp.attention_rnn_dim + hp.encoder_embedding_dim, hp.decoder_rnn_dim, 1
        )
        self.linear_projection = nn.Linear(
            hp.decoder_rnn_dim + hp.encoder_embedding_dim, hp.n_mel_channels
        )
        self.gate_layer = nn.Linear(hp.decoder_rnn_dim + hp.encoder_embedding_dim, 1)


class Postnet(nn.Module):
    def __init__(self, hp):
        super().__init__()
        dims = (
            [hp.n_mel_channels]
            + [hp.postnet_embedding_dim] * (hp.postnet_n_convolutions - 1)
            + [hp.n_mel_channels]
        )
        self.convolutions = nn.ModuleList(
            conv_bn(a, b, hp.postnet_kernel_size) for a, b in zip(dims[:-1], dims[1:])
        )


class Tacotron2(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.embedding = nn.Embedding(hp.n_symbols, hp.symbols_embedding_dim)
        std = (2.0 / (hp.n_symbols + hp.symbols_embedding_dim)) ** 0.5 * 3**0.5
        with torch.no_grad():
            self.embedding.weight.uniform_(-std, std)
        self.encoder = Encoder(hp)
        self.decoder = Decoder(hp)
        self.postnet = Postnet(hp)


model = Tacotron2(hparams)
