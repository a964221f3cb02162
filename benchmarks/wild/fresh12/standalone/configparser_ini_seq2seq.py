"""Hyper-parameters from an INI string read with configparser (typed getters, a fallback, a
section interpolation), driving a GRU seq2seq with Bahdanau attention."""

import configparser

import torch.nn as nn

INI = """
[DEFAULT]
hidden = 96

[encoder]
vocab = 1200
embed = 64
layers = 2
bidirectional = yes

[decoder]
vocab = 900
embed = ${encoder:embed}
layers = 1
"""

cp = configparser.ConfigParser(interpolation=configparser.ExtendedInterpolation())
cp.read_string(INI)


class Attention(nn.Module):
    def __init__(self, enc_dim, dec_dim, attn_dim):
        super().__init__()
        self.W = nn.Linear(enc_dim, attn_dim, bias=False)
        self.U = nn.Linear(dec_dim, attn_dim)
        self.v = nn.Linear(attn_dim, 1, bias=False)


class Seq2Seq(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        e, d = cfg["encoder"], cfg["decoder"]
        hid = e.getint("hidden")
        bi = e.getboolean("bidirectional")
        self.src_emb = nn.Embedding(e.getint("vocab"), e.getint("embed"))
        self.encoder = nn.GRU(
            e.getint("embed"), hid, num_layers=e.getint("layers"), bidirectional=bi
        )
        enc_out = hid * (2 if bi else 1)
        self.bridge = nn.Linear(enc_out, d.getint("hidden"))
        self.attn = Attention(enc_out, d.getint("hidden"), d.getint("attn", fallback=48))
        self.tgt_emb = nn.Embedding(d.getint("vocab"), d.getint("embed"))
        self.decoder = nn.GRU(
            d.getint("embed") + enc_out, d.getint("hidden"), num_layers=d.getint("layers")
        )
        self.out = nn.Linear(d.getint("hidden"), d.getint("vocab"))


model = Seq2Seq(cp)
