"""Pre-training script for a tiny BERT on a toy corpus (codertimo BERT-pytorch)."""

import torch
from bert_pytorch.model import BERT, BERTLM

VOCAB = 3000
HIDDEN = 128

bert = BERT(VOCAB, hidden=HIDDEN, n_layers=2, attn_heads=4, dropout=0.1)
model = BERTLM(bert, VOCAB)

if __name__ == "__main__":
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    x = torch.randint(0, VOCAB, (2, 16))
    seg = torch.ones_like(x)
    nsp, mlm = model(x, seg)
    print(nsp.shape, mlm.shape)
