"""A seq2seq translator with Bahdanau attention: a bidirectional GRU encoder, an fc bridging the two final
states to the decoder's hidden size, additive attention (attn + v without bias), a GRU decoder over
[embedding; context], and an output layer over [output; context; embedding]."""

import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, vocab, emb, enc_hid, dec_hid):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb)
        self.rnn = nn.GRU(emb, enc_hid, bidirectional=True)
        self.fc = nn.Linear(enc_hid * 2, dec_hid)


class Attention(nn.Module):
    def __init__(self, enc_hid, dec_hid):
        super().__init__()
        self.attn = nn.Linear(enc_hid * 2 + dec_hid, dec_hid)
        self.v = nn.Linear(dec_hid, 1, bias=False)


class Decoder(nn.Module):
    def __init__(self, vocab, emb, enc_hid, dec_hid, attention):
        super().__init__()
        self.attention = attention
        self.embedding = nn.Embedding(vocab, emb)
        self.rnn = nn.GRU(enc_hid * 2 + emb, dec_hid)
        self.fc_out = nn.Linear(enc_hid * 2 + dec_hid + emb, vocab)


class Seq2Seq(nn.Module):
    def __init__(self, src_vocab, trg_vocab, emb=16, enc_hid=24, dec_hid=32):
        super().__init__()
        self.encoder = Encoder(src_vocab, emb, enc_hid, dec_hid)
        self.decoder = Decoder(trg_vocab, emb, enc_hid, dec_hid, Attention(enc_hid, dec_hid))


model = Seq2Seq(src_vocab=120, trg_vocab=90, emb=16, enc_hid=24, dec_hid=32)
