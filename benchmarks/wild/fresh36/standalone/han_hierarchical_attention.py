# Hierarchical Attention Network: word-level BiGRU + attention, sentence-level BiGRU + attention
import torch
import torch.nn as nn


class AttnPool(nn.Module):
    def __init__(self, dim, att_dim):
        super().__init__()
        self.proj = nn.Linear(dim, att_dim)
        self.context = nn.Parameter(torch.randn(att_dim))


class HAN(nn.Module):
    def __init__(self, vocab=30000, emb=200, word_hidden=50, sent_hidden=50, att=100, classes=5):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb)
        self.word_rnn = nn.GRU(emb, word_hidden, bidirectional=True, batch_first=True)
        self.word_attn = AttnPool(2 * word_hidden, att)
        self.sent_rnn = nn.GRU(2 * word_hidden, sent_hidden, bidirectional=True, batch_first=True)
        self.sent_attn = AttnPool(2 * sent_hidden, att)
        self.fc = nn.Linear(2 * sent_hidden, classes)


model = HAN()
