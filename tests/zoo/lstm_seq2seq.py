"""Zoo: an LSTM encoder-decoder (seq2seq) -- the encoder's final (h, c) starts the decoder,
teacher forcing over the target tokens, separate source/target embeddings, two inputs."""

import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, vocab, emb, hidden, layers):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.rnn = nn.LSTM(emb, hidden, num_layers=layers, batch_first=True)

    def forward(self, src):
        _, (h, c) = self.rnn(self.embed(src))
        return h, c  # (layers, B, hidden) each


class Decoder(nn.Module):
    def __init__(self, vocab, emb, hidden, layers):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.rnn = nn.LSTM(emb, hidden, num_layers=layers, batch_first=True)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, tgt, state):
        y, _ = self.rnn(self.embed(tgt), state)  # (B, T_tgt, hidden)
        return self.out(y)


class Seq2Seq(nn.Module):
    def __init__(self, src_vocab=120, tgt_vocab=90, emb=24, hidden=40, layers=2):
        super().__init__()
        self.encoder = Encoder(src_vocab, emb, hidden, layers)
        self.decoder = Decoder(tgt_vocab, emb, hidden, layers)

    def forward(self, src, tgt):
        h, c = self.encoder(src)
        return self.decoder(tgt, (h, c))  # (B, T_tgt, tgt_vocab)


ENTRY = "Seq2Seq"
CONFIG = None
INPUT = {"src": (3, 11), "tgt": (3, 7)}
INPUT_KIND = "tokens"
VOCAB = 90  # ids valid for both vocabularies


def build():
    return Seq2Seq()
