"""esm: contact_head (wild-code corpus, benchmarks/wild)."""

from esm.modules import ContactPredictionHead

model = ContactPredictionHead(
    in_features=32,
    prepend_bos=True,
    append_eos=True,
    eos_idx=2,
)
