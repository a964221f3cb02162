"""torchaudio: WavLM base with a CTC head over 32 symbols (fresh batch, benchmarks/wild/fresh)."""

import torchaudio

model = torchaudio.models.wavlm_base(aux_num_out=32)
