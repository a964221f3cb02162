"""A word-level tokenizer over the gym's action language, built with the ``tokenizers`` library.

Nothing is downloaded: the vocabulary is learned from the training prompts and the reference
plans (``tokenizers.trainers.WordLevelTrainer``). Pieces:

- a quoted identifier is one token (``"type"``, ``"add_component"``, ``"componentType"``), so a
  JSON plan is short;
- a bare word is one token (``linear``, ``conv``), digits are split into single tokens, so any
  number in a spec can be copied digit by digit into a plan, seen in training or not;
- every other character (``[ ] { } : , " .``) is its own token; whitespace is dropped.

Decoding fuses the tokens with no separator (``decoders.Fuse``): a plan comes back as compact
JSON, which is all the gym's ``parse_plan`` needs. Prompts are only ever encoded.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers

PAD, BOS, EOS, UNK = "<pad>", "<s>", "</s>", "<unk>"
SPECIALS = [PAD, BOS, EOS, UNK]
PIECES = r'"[A-Za-z_][A-Za-z_]*"|[A-Za-z_]+|[0-9]|[^\sA-Za-z_0-9]'


def _pre_tokenizer() -> pre_tokenizers.PreTokenizer:
    return pre_tokenizers.Sequence(
        [
            pre_tokenizers.WhitespaceSplit(),
            pre_tokenizers.Split(Regex(PIECES), behavior="isolated"),
        ]
    )


def train_tokenizer(texts: Iterable[str], *, max_vocab: int = 4096) -> Tokenizer:
    """Learn the word-level vocabulary of ``texts`` (at most ``max_vocab`` entries, the ten
    digits and the JSON punctuation always in)."""
    tok = Tokenizer(models.WordLevel(unk_token=UNK))
    tok.pre_tokenizer = _pre_tokenizer()
    tok.decoder = decoders.Fuse()
    # the digits and the JSON punctuation are in the vocabulary whatever the corpus holds
    # (as ordinary words: a special token would be cut out of text before pre-tokenizing)
    always = " ".join(list('0123456789[]{}:,".-') * 1000)
    trainer = trainers.WordLevelTrainer(
        vocab_size=max_vocab, min_frequency=1, special_tokens=SPECIALS
    )
    tok.train_from_iterator(_with(texts, always), trainer=trainer)
    return tok


def _with(texts: Iterable[str], extra: str) -> Iterable[str]:
    yield extra
    yield from texts


def as_hf_tokenizer(tok: Tokenizer):
    """The ``tokenizers`` object as a transformers fast tokenizer (left padding, as TRL's
    GRPOTrainer wants for generation)."""
    from transformers import PreTrainedTokenizerFast

    hf = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        bos_token=BOS,
        eos_token=EOS,
        unk_token=UNK,
        pad_token=PAD,
        padding_side="left",
        clean_up_tokenization_spaces=False,
        model_max_length=4096,
    )
    return hf


def build_tokenizer(texts: Iterable[str], out_dir: str | Path | None = None, max_vocab: int = 4096):
    """Train, wrap and (with ``out_dir``) save the tokenizer; returns the transformers one."""
    hf = as_hf_tokenizer(train_tokenizer(texts, max_vocab=max_vocab))
    if out_dir is not None:
        hf.save_pretrained(str(out_dir))
    return hf
