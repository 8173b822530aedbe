import { alpha, type SxProps, type Theme } from '@mui/material';
import { PX_PER_MINUTE } from '../schedule-layout';

/** The palette colours a block may take (status-chip's); `default` is grey. */
const BLOCK_COLORS = ['primary', 'secondary', 'error', 'info', 'success', 'warning'] as const;

export const AXIS_WIDTH = 64;
export const HEAD_HEIGHT = 64;

/**
 * One style sheet for the whole grid: blocks and places are plain elements with class names and
 * inline positions, so hundreds of them cost no styled component each.
 */
export const gridSx: SxProps<Theme> = (theme) => ({
  position: 'relative',
  overflow: 'auto',
  maxHeight: { xs: 'calc(100vh - 210px)', md: 'calc(100vh - 190px)' },
  minHeight: 320,
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  '& .sg-table': { display: 'grid', minWidth: '100%', width: 'max-content' },
  '& .sg-corner, & .sg-colhead': {
    position: 'sticky',
    top: 0,
    zIndex: 3,
    height: HEAD_HEIGHT,
    bgcolor: 'background.paper',
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& .sg-corner': { left: 0, zIndex: 4, borderRight: 1, borderRightColor: 'divider' },
  '& .sg-colhead': {
    px: 1.25,
    py: 1,
    borderLeft: 1,
    borderLeftColor: 'divider',
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
  },
  // Opaque: the blocks scroll under the heads.
  '& .sg-colhead.sg-today': {
    backgroundImage: `linear-gradient(${alpha(theme.palette.primary.main, 0.08)}, ${alpha(theme.palette.primary.main, 0.08)})`,
  },
  '& .sg-name': {
    fontWeight: 600,
    fontSize: 14,
    lineHeight: 1.3,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .sg-sub': {
    fontSize: 12,
    color: 'text.secondary',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .sg-axis': {
    position: 'sticky',
    left: 0,
    zIndex: 2,
    bgcolor: 'background.paper',
    borderRight: 1,
    borderColor: 'divider',
  },
  '& .sg-hour': {
    position: 'absolute',
    right: 8,
    transform: 'translateY(-50%)',
    fontSize: 11,
    color: 'text.secondary',
    whiteSpace: 'nowrap',
  },
  '& .sg-col': {
    position: 'relative',
    borderLeft: 1,
    borderColor: 'divider',
    bgcolor: theme.palette.grey[100],
    // Hour lines solid, half hours dotted: drawn by the background, not by elements.
    backgroundImage: `linear-gradient(to bottom, ${theme.palette.divider} 1px, transparent 1px), linear-gradient(to bottom, ${alpha(theme.palette.divider, 0.45)} 1px, transparent 1px)`,
    backgroundSize: `100% ${60 * PX_PER_MINUTE}px, 100% ${30 * PX_PER_MINUTE}px`,
  },
  '& .sg-open': {
    position: 'absolute',
    left: 0,
    right: 0,
    bgcolor: 'background.paper',
    opacity: 0.75,
  },
  '& .sg-item': {
    position: 'absolute',
    boxSizing: 'border-box',
    margin: 0,
    font: 'inherit',
    textAlign: 'left',
    overflow: 'hidden',
    borderRadius: '6px',
  },
  '& .sg-block': {
    zIndex: 1,
    cursor: 'pointer',
    padding: '3px 6px 3px 8px',
    border: `1px solid ${theme.palette.grey[400]}`,
    borderLeftWidth: 4,
    bgcolor: theme.palette.grey[100],
    color: 'text.primary',
    boxShadow: '0 1px 2px rgba(16,24,40,0.08)',
    lineHeight: 1.25,
    '&:hover': { boxShadow: '0 2px 6px rgba(16,24,40,0.18)', zIndex: 2 },
    '&[draggable="true"]': { cursor: 'grab' },
    '&.sg-dragging': { opacity: 0.45 },
  },
  '& .sg-block.sg-finished': { opacity: 0.7, '& .sg-patient': { textDecoration: 'none' } },
  '& .sg-block.sg-pending': { borderStyle: 'dashed', borderLeftStyle: 'solid' },
  ...Object.fromEntries(
    BLOCK_COLORS.map((color) => [
      `& .sg-block[data-color="${color}"]`,
      {
        borderColor: alpha(theme.palette[color].main, 0.45),
        borderLeftColor: theme.palette[color].main,
        // A tint over white: the grid's hour lines stay under the block, not through it.
        bgcolor: 'background.paper',
        backgroundImage: `linear-gradient(${alpha(theme.palette[color].main, 0.1)}, ${alpha(theme.palette[color].main, 0.1)})`,
      },
    ]),
  ),
  '& .sg-patient': {
    display: 'block',
    fontWeight: 600,
    fontSize: 13,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .sg-meta': {
    display: 'block',
    fontSize: 12,
    color: 'text.secondary',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  // Said to screen readers, not drawn: what a short block has no room to show.
  '& .sg-hidden': {
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  '& .sg-free': {
    cursor: 'pointer',
    padding: '2px 8px',
    border: `1px dashed ${alpha(theme.palette.success.main, 0.35)}`,
    bgcolor: alpha(theme.palette.success.main, 0.025),
    color: theme.palette.success.dark,
    fontSize: 12,
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: 4,
    whiteSpace: 'nowrap',
    '& .sg-book': { display: 'none', fontWeight: 600 },
    '&:hover, &:focus-visible': {
      bgcolor: alpha(theme.palette.success.main, 0.12),
      borderStyle: 'solid',
      borderColor: theme.palette.success.main,
      '& .sg-book': { display: 'inline' },
    },
  },
  '& .sg-free.sg-past': {
    cursor: 'default',
    border: `1px dashed ${theme.palette.grey[300]}`,
    bgcolor: 'transparent',
    color: theme.palette.text.secondary,
    opacity: 0.6,
  },
  '& .sg-drop-zone .sg-free:not(.sg-past)': {
    borderStyle: 'solid',
    borderWidth: 2,
    bgcolor: alpha(theme.palette.success.main, 0.14),
  },
  '& .sg-free.sg-drop-over': { bgcolor: alpha(theme.palette.success.main, 0.35) },
  '& .sg-held': {
    padding: '2px 8px',
    fontSize: 12,
    color: 'text.secondary',
    border: `1px solid ${theme.palette.grey[300]}`,
    backgroundImage: `repeating-linear-gradient(135deg, ${theme.palette.grey[200]} 0 6px, ${theme.palette.grey[100]} 6px 12px)`,
  },
  '& .sg-now': {
    position: 'absolute',
    left: 0,
    right: 0,
    height: 2,
    zIndex: 2,
    bgcolor: theme.palette.error.main,
    pointerEvents: 'none',
    '&::before': {
      content: '""',
      position: 'absolute',
      left: -5,
      top: -4,
      width: 10,
      height: 10,
      borderRadius: '50%',
      bgcolor: theme.palette.error.main,
    },
  },
  '& .sg-item:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 1,
    zIndex: 3,
  },
});
