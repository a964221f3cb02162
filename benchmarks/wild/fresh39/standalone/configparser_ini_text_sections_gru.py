# sizes from an INI text block parsed with configparser (getint / getboolean / fallback)
import configparser

import torch.nn as nn

INI = """
[encoder]
input_size = 40
hidden_size = 320
num_layers = 2
bidirectional = yes

[decoder]
vocab = 5000
embed = 256
"""
cp = configparser.ConfigParser()
cp.read_string(INI)
enc = cp["encoder"]
bi = enc.getboolean("bidirectional")
hid = enc.getint("hidden_size")


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.GRU(
            enc.getint("input_size"), hid, enc.getint("num_layers"), bidirectional=bi
        )
        dec = cp["decoder"]
        self.embed = nn.Embedding(dec.getint("vocab"), dec.getint("embed"))
        self.decoder = nn.GRUCell(dec.getint("embed") + hid * (2 if bi else 1), hid)
        self.out = nn.Linear(hid, dec.getint("vocab"))
        self.dropout = cp.getfloat("decoder", "dropout", fallback=0.2)


model = Seq2Seq()
