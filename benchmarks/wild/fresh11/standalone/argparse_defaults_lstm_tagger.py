"""A BiLSTM-CRF-style tagger configured by argparse defaults (parse_args on an empty list, as in a
notebook), with one value overridden through vars() / Namespace update."""

import argparse

import torch
import torch.nn as nn


def get_parser():
    p = argparse.ArgumentParser()
    p.add_argument("--vocab_size", type=int, default=2000)
    p.add_argument("--char_vocab", type=int, default=60)
    p.add_argument("--word_dim", type=int, default=50)
    p.add_argument("--char_dim", type=int, default=16)
    p.add_argument("--char_filters", type=int, default=24)
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--layers", type=int, default=1)
    p.add_argument("--n_tags", type=int, default=9)
    p.add_argument("--no_char", action="store_true")
    return p


class Tagger(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.word_emb = nn.Embedding(args.vocab_size, args.word_dim, padding_idx=0)
        in_dim = args.word_dim
        if not args.no_char:
            self.char_emb = nn.Embedding(args.char_vocab, args.char_dim)
            self.char_cnn = nn.Conv1d(args.char_dim, args.char_filters, 3, padding=1)
            in_dim += args.char_filters
        self.lstm = nn.LSTM(
            in_dim, args.hidden, num_layers=args.layers, bidirectional=True, batch_first=True
        )
        self.emit = nn.Linear(2 * args.hidden, args.n_tags)
        self.transitions = nn.Parameter(torch.zeros(args.n_tags, args.n_tags))


args = get_parser().parse_args([])
vars(args).update(layers=2)
model = Tagger(args)
