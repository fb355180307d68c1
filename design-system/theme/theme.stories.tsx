import type { Meta, StoryObj } from '@storybook/react-vite'
import { Box } from 'styled-system/jsx/box'
import { styled } from 'styled-system/jsx/factory'
import { Grid } from 'styled-system/jsx/grid'
import { HStack } from 'styled-system/jsx/hstack'
import { Stack } from 'styled-system/jsx/stack'
import { Avatar } from '../components/avatar/avatar'
import { Badge } from '../components/badge/badge'
import { Button } from '../components/button/button'
import { Card } from '../components/card/card'
import { Field } from '../components/field/field'
import { THEME } from '../constants'

const meta: Meta = { title: 'Theme/Overview', parameters: { layout: 'fullscreen' } }
export default meta

const steps = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']

function Scale({ palette }: { palette: 'yellow' | 'gray' | 'red' | 'green' }) {
  return (
    <HStack gap="1">
      <styled.span width="14" textStyle="xs" color="fg.muted">
        {palette}
      </styled.span>
      {steps.map((s) => (
        <Box key={s} width="6" height="6" borderRadius="l1" style={{ background: `var(--colors-${palette}-${s})` }} title={`${palette}.${s}`} />
      ))}
    </HStack>
  )
}

function Sample({ mode }: { mode: 'light' | 'dark' }) {
  // Semantic tokens are scoped to `.light`/`.dark`, so a subtree can show the other mode.
  return (
    <Box className={mode} bg="bg.canvas" color="fg.default" p="6" flex="1" minW="sm">
      <Stack gap="5">
        <styled.h2 textStyle="lg" fontWeight="semibold">
          {mode === 'light' ? 'Light' : 'Dark'}
        </styled.h2>
        <Stack gap="1.5">
          <Scale palette="yellow" />
          <Scale palette="gray" />
          <Scale palette="red" />
          <Scale palette="green" />
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          <Button>Primary</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="ghost">Ghost</Button>
          <Badge>New</Badge>
          <Badge variant="outline">Verified</Badge>
        </HStack>
        <Card.Root>
          <Card.Header>
            <HStack gap="3">
              <Avatar alt="Ada Lovelace" />
              <Stack gap="0">
                <Card.Title>Ada Lovelace</Card.Title>
                <Card.Description>Leadership coach</Card.Description>
              </Stack>
            </HStack>
          </Card.Header>
          <Card.Body>
            <Field.Root>
              <Field.Label>Headline</Field.Label>
              <Field.Input defaultValue="Helping engineers become managers" />
            </Field.Root>
          </Card.Body>
          <Card.Footer>
            <Button>Save</Button>
          </Card.Footer>
        </Card.Root>
      </Stack>
    </Box>
  )
}

/** Primary yellow, gray stone, radius 0.625rem, 16px base font: light and dark side by side. */
export const LightAndDark: StoryObj = {
  render: () => (
    <Stack gap="0">
      <styled.p px="6" py="3" textStyle="sm" color="fg.muted">
        primary {THEME.primary} · gray {THEME.gray} · radius {THEME.radius}rem · font size {THEME.fontSize}px
      </styled.p>
      <Grid gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="0">
        <Sample mode="light" />
        <Sample mode="dark" />
      </Grid>
    </Stack>
  ),
}
