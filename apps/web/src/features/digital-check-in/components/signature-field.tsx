import { Box, Button, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import SignaturePad from 'signature_pad';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';

export type Signature =
  | { readonly kind: 'drawn'; readonly drawn_png: string }
  | { readonly kind: 'typed'; readonly typed_name: string };

/**
 * A drawn signature (signature_pad on a canvas, as a PNG) or a typed one: the canvas is for a
 * finger or a mouse; the typed name is there for keyboards and screen readers.
 */
export function SignatureField(props: {
  readonly id: string;
  readonly onChange: (s: Signature | null) => void;
}) {
  const { id, onChange } = props;
  const [kind, setKind] = useState<'drawn' | 'typed'>('drawn');
  const [typed, setTyped] = useState('');
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePad | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    if (kind !== 'drawn' || !canvas.current) return;
    const element = canvas.current;
    // The canvas's pixels follow its shown size (and the screen's density): strokes land under the pointer.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const signaturePad = new SignaturePad(element, { penColor: '#1a237e' });
    const ended = () =>
      onChange(
        signaturePad.isEmpty()
          ? null
          : { kind: 'drawn', drawn_png: signaturePad.toDataURL('image/png') },
      );
    signaturePad.addEventListener('endStroke', ended);
    pad.current = signaturePad;
    return () => {
      signaturePad.removeEventListener('endStroke', ended);
      signaturePad.off();
      pad.current = null;
    };
  }, [kind, onChange]);

  const choose = (next: 'drawn' | 'typed') => {
    setKind(next);
    onChange(
      next === 'typed' && typed.trim().length >= 2
        ? { kind: 'typed', typed_name: typed.trim() }
        : null,
    );
  };

  return (
    <Stack spacing={1}>
      <Tabs
        value={kind}
        onChange={(_e, next: 'drawn' | 'typed') => choose(next)}
        aria-label={t('checkIn.signatureKind')}
      >
        <Tab
          value="drawn"
          label={t('checkIn.draw')}
          id={`${id}-draw-tab`}
          aria-controls={`${id}-draw`}
        />
        <Tab
          value="typed"
          label={t('checkIn.type')}
          id={`${id}-type-tab`}
          aria-controls={`${id}-type`}
        />
      </Tabs>
      {kind === 'drawn' ? (
        <Stack spacing={1} id={`${id}-draw`} role="tabpanel" aria-labelledby={`${id}-draw-tab`}>
          <Box
            component="canvas"
            ref={canvas}
            data-testid="signature-canvas"
            aria-label={t('checkIn.signaturePad')}
            role="img"
            sx={{
              width: '100%',
              height: 160,
              border: 1,
              borderColor: 'grey.500',
              borderRadius: 1,
              touchAction: 'none',
              bgcolor: 'background.paper',
            }}
          />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {t('checkIn.signAbove')}
            </Typography>
            <Button
              size="small"
              onClick={() => {
                pad.current?.clear();
                onChange(null);
              }}
            >
              {t('checkIn.clear')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Box id={`${id}-type`} role="tabpanel" aria-labelledby={`${id}-type-tab`}>
          <TextField
            label={t('checkIn.typeName')}
            value={typed}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 100 } }}
            onChange={(event) => {
              setTyped(event.target.value);
              const name = event.target.value.trim();
              onChange(name.length >= 2 ? { kind: 'typed', typed_name: name } : null);
            }}
          />
        </Box>
      )}
    </Stack>
  );
}
