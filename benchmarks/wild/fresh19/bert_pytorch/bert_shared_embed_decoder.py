import torch.nn as nn
from bert_pytorch.model import BERT
from bert_pytorch.model.language_model import MaskedLanguageModel


def build(vocab=5000, width=96, layers=4, heads=4):
    encoder = BERT(vocab, hidden=width, n_layers=layers, attn_heads=heads)
    head = MaskedLanguageModel(width, vocab)
    # tie the MLM projection to the token embedding table
    head.linear.weight = encoder.embedding.token.weight
    return nn.ModuleDict({"encoder": encoder, "mlm": head})


model = build(vocab=4000, width=64, layers=2, heads=2)
